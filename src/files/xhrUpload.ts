/**
 * Uploads through XMLHttpRequest, because fetch cannot report upload progress. The answer is
 * returned as is; the caller decides what a failure means to the user.
 */
export interface UploadAnswer {
  status: number;
  /** The parsed JSON answer, or null. */
  body: unknown;
  header: (name: string) => string | null;
}

export function xhrUpload(
  url: string,
  form: FormData,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
  headers: Record<string, string> = {},
): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      resolve({ status: xhr.status, body, header: (name) => xhr.getResponseHeader(name) });
    };
    xhr.onerror = () => reject(new Error('network'));
    xhr.ontimeout = () => reject(new Error('network'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
