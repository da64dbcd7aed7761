/** A session's device in words, from its User-Agent: 'Firefox on Windows'. Unknown parts are left out. */
const BROWSERS: Array<[RegExp, string]> = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/Windows/, 'Windows'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

export interface Device {
  browser: string | null;
  system: string | null;
}

export function describeDevice(userAgent: string | null | undefined): Device {
  const ua = userAgent ?? '';
  return {
    browser: BROWSERS.find(([re]) => re.test(ua))?.[1] ?? null,
    system: SYSTEMS.find(([re]) => re.test(ua))?.[1] ?? null,
  };
}
