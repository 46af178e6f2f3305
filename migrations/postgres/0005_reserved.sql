-- Reserved for the server settings of issue 22 (/crag-settings), written on another branch at the
-- same time as the daily deal (0006). This file only keeps the numbers without a gap on this
-- branch; the settings branch's own 0005 replaces it when the two are merged.
SELECT 1;
