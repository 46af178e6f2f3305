import { type ActivityInstances, activityInstanceJson } from '../activity-instances.js';
import { DiscordError } from '../errors.js';
import { json, type Router } from '../http/router.js';
import { appOf, param } from './context.js';

/** GET /applications/{app}/activity-instances/{instance}: the bot token of that app; else 404. */
export function addActivityInstanceRoutes(router: Router, instances: ActivityInstances): void {
  router.add('GET', '/applications/:appId/activity-instances/:instanceId', (request) => {
    const app = appOf(request);
    if (param(request, 'appId') !== app.id) throw DiscordError.missingAccess();
    const instance = instances.get(param(request, 'instanceId'));
    // Discord's own answer for an unknown (or another app's) instance: `{"message": "404: Not Found", "code": 0}`.
    if (!instance || instance.appId !== app.id) throw DiscordError.notFound();
    return json(activityInstanceJson(instance));
  });
}
