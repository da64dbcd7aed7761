import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithApp } from '../test/renderWithApp';
import { UploadBox } from './UploadBox';

/** A stand-in for XMLHttpRequest that records what was sent and answers as told. */
class FakeXhr {
  static sent: { url: string; form: FormData }[] = [];
  static answer: { status: number; body: unknown } = { status: 201, body: null };
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  withCredentials = false;
  status = 0;
  responseText = '';
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  getResponseHeader(name: string) {
    return name === 'x-show-snackbar' && this.status < 300 ? '1' : null;
  }
  abort() {}
  send(form: FormData) {
    FakeXhr.sent.push({ url: this.url, form });
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.status = FakeXhr.answer.status;
      this.responseText = JSON.stringify(FakeXhr.answer.body);
      this.onload?.();
    }, 5);
  }
}

const file = (name: string, bytes: number) => new File([new Uint8Array(bytes)], name, { type: 'application/octet-stream' });
const choose = (files: File[]) => fireEvent.change(screen.getByLabelText('Choose files'), { target: { files } });

describe('UploadBox', () => {
  beforeEach(() => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('refuses an upload over the brand limit before sending anything', async () => {
    const onUploaded = vi.fn();
    // The test brand allows 5 MB; two files of 3 MB are over it together.
    await renderWithApp(<UploadBox path="files/upload" answerKey="files" onUploaded={onUploaded} />);
    choose([file('a.bin', 3 * 1024 * 1024), file('b.bin', 3 * 1024 * 1024)]);
    expect(await screen.findByText('Max upload limit reached.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByText('Max upload limit reached.')).toBeInTheDocument();
    expect(FakeXhr.sent).toEqual([]);
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('sends several files with the fields and reports the stored rows', async () => {
    FakeXhr.answer = { status: 201, body: { files: { data: [{ file_id: 1 }, { file_id: 2 }] } } };
    const onUploaded = vi.fn();
    await renderWithApp(<UploadBox path="jobs/7/workorders" fields={{ note: 'n' }} answerKey="files" onUploaded={onUploaded} />);
    choose([file('a.txt', 10), file('b.txt', 20)]);
    expect(screen.getByText('2 files, 30 B')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith([{ file_id: 1 }, { file_id: 2 }]));
    expect(FakeXhr.sent[0].url).toBe('http://test/api/jobs/7/workorders');
    expect(FakeXhr.sent[0].form.getAll('file').map((f) => (f as File).name)).toEqual(['a.txt', 'b.txt']);
    expect(FakeXhr.sent[0].form.get('note')).toBe('n');
  });

  it('says the upload was unsuccessful when the server refuses it', async () => {
    FakeXhr.answer = {
      status: 413,
      body: { files: { data: null, dbErrors: [{ error: 'TOO_LARGE', primary: 'Max upload limit reached.', details: null, general: null }] } },
    };
    await renderWithApp(<UploadBox path="files/upload" answerKey="files" onUploaded={vi.fn()} />);
    choose([file('a.txt', 10)]);
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Upload was unsuccessful! Try again or modify the file list.')).toBeInTheDocument();
    // The list stays for another try.
    expect(screen.getByText('1 file, 10 B')).toBeInTheDocument();
  });
});
