import fs from 'node:fs';
import path from 'node:path';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

export interface StaticFile {
  readonly body: Buffer;
  readonly contentType: string;
  /** Vite names built assets by their hash, so they never change under the same name. */
  readonly immutable: boolean;
}

/**
 * The built page, read once at start into memory: a handful of files whose URL paths are known
 * up front, so no request path ever reaches the file system.
 */
export function loadStaticFiles(root: string): Map<string, StaticFile> {
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    throw new Error(`the page is not built (${root}/index.html is missing): run npm run build`);
  }
  const files = new Map<string, StaticFile>();
  for (const relative of fs.readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    const absolute = path.join(root, relative);
    if (!fs.statSync(absolute).isFile()) continue;
    const urlPath = `/${relative.split(path.sep).join('/')}`;
    files.set(urlPath, {
      body: fs.readFileSync(absolute),
      contentType: CONTENT_TYPES[path.extname(relative)] ?? 'application/octet-stream',
      immutable: urlPath.startsWith('/assets/'),
    });
  }
  const index = files.get('/index.html');
  if (index) files.set('/', index);
  return files;
}
