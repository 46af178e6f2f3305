import { expect } from 'vitest';

/**
 * The Activity's page as a container serves it on ACTIVITY_PORT (docs/activity.md): the index, the
 * script and style it loads, and the application id the page asks for before anyone signs in.
 */
export async function expectActivityPage(port: number, clientId: string): Promise<void> {
  const base = `http://127.0.0.1:${port}`;
  const index = await fetch(`${base}/`);
  expect(index.status).toBe(200);
  const html = await index.text();
  expect(html).toContain('<div id="app"></div>');
  const assets = [...html.matchAll(/(?:src|href)="\.\/(assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]);
  expect(assets.map((asset) => asset?.split('.').pop()).sort()).toEqual(['css', 'js']);
  for (const asset of assets) {
    const response = await fetch(`${base}/${asset}`);
    expect(response.status, asset).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^(text\/javascript|text\/css)/);
  }
  const client = await fetch(`${base}/api/client`);
  expect(((await client.json()) as { client_id: string }).client_id).toBe(clientId);
}
