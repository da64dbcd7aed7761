import { describe, expect, it, vi } from 'vitest';
import { allFeatures, DEFAULT_IMAGES } from '../../core/brand/types';
import { loadBrandConfig } from './loadBrandConfig';

const config = {
  name: 'Demo',
  systemUrl: 'http://localhost',
  apiUrl: '/api',
  productName: 'Demo Maintenance',
  inlineImagesMailsize: 5000,
  maxMailSizeMB: 25,
  maxUploadSizeMB: 50,
  customSettings: { visibleName: 'Demo', logoUrl: '', wcfFormUrl: '' },
  features: allFeatures(true),
  images: DEFAULT_IMAGES,
};
const answer = (body: unknown, status = 200) => vi.fn<typeof fetch>().mockResolvedValue(new Response(JSON.stringify(body), { status }));

describe('brand configuration load', () => {
  it('reads data[0].finalDomainConfig and d_id, making apiUrl absolute', async () => {
    const fetchFn = answer({ brandsiteconfig: { data: [{ finalDomainConfig: config, d_id: 4 }] } });
    const loaded = await loadBrandConfig('http://localhost:3000', fetchFn);
    expect(fetchFn).toHaveBeenCalledWith('http://localhost:3000/api/brandsiteconfig', expect.anything());
    expect(loaded.domainId).toBe(4);
    expect(loaded.config.apiUrl).toBe('http://localhost:3000/api');
    expect(loaded.config.productName).toBe('Demo Maintenance');
  });

  it.each([
    ['an error status', answer({ brandsiteconfig: { data: null } }, 404)],
    ['no apiUrl', answer({ brandsiteconfig: { data: [{ finalDomainConfig: { ...config, apiUrl: '' }, d_id: 1 }] } })],
    ['no data', answer({ brandsiteconfig: { data: [] } })],
    ['a network failure', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('down'))],
  ])('fails on %s', async (_, fetchFn) => {
    await expect(loadBrandConfig('http://h', fetchFn)).rejects.toThrow();
  });
});
