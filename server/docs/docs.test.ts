import { describe, expect, it } from 'vitest';
import { call, useTestApp } from '../test/helpers';

const t = useTestApp();

describe('OpenAPI', () => {
  it('serves the document for any host, listing the routes with their envelopes', async () => {
    const res = await call(t.app, { url: '/api/docs/json', host: 'unknown-host.example' });
    expect(res.status).toBe(200);
    const doc = res.json;
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/brandsiteconfig',
      '/api/auth/login',
      '/api/auth/whoami',
      '/api/auth/logout',
      '/api/globalparams/list',
      '/api/departments/list',
      '/api/departments/filter',
      '/api/departments/create',
      '/api/departments/{id}/details',
      '/api/departments/{id}',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    const create = doc.paths['/api/departments/create'].post;
    expect(create.requestBody.content['application/json'].schema.properties).toHaveProperty('de_prefix');
    expect(create.responses).toHaveProperty('201');
    expect(create.responses).toHaveProperty('4XX');
    expect(create.description).toContain('Roles:');
  });

  it('serves the browsable UI', async () => {
    const html = await call(t.app, { url: '/api/docs', host: 'unknown-host.example' });
    expect(html.status).toBe(200);
    expect(html.text).toContain('swagger');
    // Every script and stylesheet the page links must load, or the UI stays blank.
    const links = [...html.text.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((m) => new URL(m[1], 'http://h/api/docs').pathname);
    expect(links.length).toBeGreaterThan(1);
    for (const link of links) {
      const asset = await call(t.app, { url: link, host: 'unknown-host.example' });
      expect(asset.status, link).toBe(200);
    }
  });
});
