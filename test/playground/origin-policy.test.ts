import { describe, expect, it } from 'vitest';
import { checkOrigin } from '../../src/playground/origin-policy.js';

const PORT = 3000;
const request = (host: string | undefined, origin?: string, secFetchSite?: string) => ({ host, origin, secFetchSite });

describe('who may use the playground', () => {
  it('lets in the page it served, by 127.0.0.1 or localhost', () => {
    expect(checkOrigin(request('127.0.0.1:3000'), PORT, 'http')).toEqual({ allowed: true });
    expect(checkOrigin(request('localhost:3000', 'http://localhost:3000', 'same-origin'), PORT, 'http')).toEqual({
      allowed: true,
    });
    expect(checkOrigin(request('127.0.0.1:3000', 'http://127.0.0.1:3000'), PORT, 'websocket')).toEqual({
      allowed: true,
    });
    expect(checkOrigin(request('127.0.0.1:3000', undefined, 'none'), PORT, 'http')).toEqual({ allowed: true });
  });

  it('refuses a rebinding host name, even from its own page', () => {
    const verdict = checkOrigin(request('evil.example:3000', 'http://evil.example:3000'), PORT, 'http');
    expect(verdict).toEqual({ allowed: false, reason: 'Host "evil.example:3000" is not this playground' });
    expect(checkOrigin(request(undefined), PORT, 'http').allowed).toBe(false);
    expect(checkOrigin(request('127.0.0.1:4000'), PORT, 'http').allowed).toBe(false);
  });

  it('refuses other sites’ scripts and sockets', () => {
    expect(checkOrigin(request('127.0.0.1:3000', 'https://evil.example'), PORT, 'http')).toEqual({
      allowed: false,
      reason: 'Origin "https://evil.example" is not this playground',
    });
    expect(checkOrigin(request('127.0.0.1:3000', 'http://127.0.0.1:8080'), PORT, 'websocket').allowed).toBe(false);
    expect(checkOrigin(request('127.0.0.1:3000', 'null'), PORT, 'websocket').allowed).toBe(false);
  });

  it('refuses a socket with no Origin, and cross-site loads that send none', () => {
    expect(checkOrigin(request('127.0.0.1:3000'), PORT, 'websocket')).toEqual({
      allowed: false,
      reason: 'a WebSocket upgrade without an Origin',
    });
    expect(checkOrigin(request('127.0.0.1:3000', undefined, 'cross-site'), PORT, 'http').allowed).toBe(false);
    expect(checkOrigin(request('127.0.0.1:3000', undefined, 'same-site'), PORT, 'http').allowed).toBe(false);
  });
});
