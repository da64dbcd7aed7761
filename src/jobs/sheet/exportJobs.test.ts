import { describe, expect, it, vi } from 'vitest';
import { exportJobs, fileNameOf, type ExportProgress } from './exportJobs';

function streamOf(parts: string[]): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const p of parts) controller.enqueue(enc.encode(p));
      controller.close();
    },
  });
}

describe('job export', () => {
  it('posts the filter, reports the bytes received against Content-Length and saves the file', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>().mockResolvedValue(
      new Response(streamOf(['abcd', 'efgh']), {
        status: 200,
        headers: { 'Content-Length': '8', 'Content-Disposition': 'attachment; filename="jobs-2026-11-21.xlsx"' },
      }),
    );
    const save = vi.fn();
    const seen: ExportProgress[] = [];
    await exportJobs('http://test/api/', { job_status: ['BOOKED'] }, '-job_start', (p) => seen.push(p), { fetch, save });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('http://test/api/exportjobs/export?sort=-job_start');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: JSON.stringify({ job_status: ['BOOKED'] }) });
    expect(seen.at(-1)).toEqual({ received: 8, total: 8 });
    expect(seen[0]).toEqual({ received: 0, total: 8 });
    const [blob, name] = save.mock.calls[0] as [Blob, string];
    expect(name).toBe('jobs-2026-11-21.xlsx');
    expect(await blob.text()).toBe('abcdefgh');
  });

  it('without Content-Length the progress has no total; a refusal throws', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>().mockResolvedValueOnce(new Response(streamOf(['xy']), { status: 200 }));
    const seen: ExportProgress[] = [];
    await exportJobs('http://test/api', {}, '-created_at', (p) => seen.push(p), { fetch, save: vi.fn() });
    expect(seen.at(-1)).toEqual({ received: 2, total: null });
    fetch.mockResolvedValueOnce(new Response('{}', { status: 500 }));
    await expect(exportJobs('http://test/api', {}, '-created_at', () => undefined, { fetch, save: vi.fn() })).rejects.toThrow();
    expect(fileNameOf(null)).toBe('jobs.xlsx');
  });
});
