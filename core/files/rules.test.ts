import { describe, expect, it } from 'vitest';
import { fileNameProblem, neutraliseFileName, overUploadLimit } from './rules';
import { previewSize } from './types';

describe('file rules', () => {
  it('keeps only the last path segment of an uploaded name, without control characters', () => {
    expect(neutraliseFileName('../../etc/passwd')).toBe('passwd');
    expect(neutraliseFileName('C:\\Users\\me\\photo.jpg')).toBe('photo.jpg');
    expect(neutraliseFileName('a\u0000b.txt')).toBe('ab.txt');
    expect(neutraliseFileName('..')).toBe('file');
    expect(neutraliseFileName('')).toBe('file');
    const long = neutraliseFileName(`${'x'.repeat(150)}.pdf`);
    expect(long).toHaveLength(100);
    expect(long.endsWith('.pdf')).toBe(true);
  });

  it('refuses path tricks and empty or long names on a rename', () => {
    expect(fileNameProblem('Report 2026.pdf')).toBeNull();
    expect(fileNameProblem('../x')).toBe('validation.value');
    expect(fileNameProblem('a/b')).toBe('validation.value');
    expect(fileNameProblem('nul\u0000')).toBe('validation.value');
    expect(fileNameProblem('...')).toBe('validation.value');
    expect(fileNameProblem('  ')).toBe('validation.required');
    expect(fileNameProblem('x'.repeat(101))).toBe('validation.max100');
  });

  it('counts all files of one upload against the limit', () => {
    expect(overUploadLimit([3 * 1024 * 1024, 2 * 1024 * 1024], 5)).toBe(false);
    expect(overUploadLimit([3 * 1024 * 1024, 2 * 1024 * 1024 + 1], 5)).toBe(true);
  });

  it('previews at 1600 when made, else the biggest size', () => {
    expect(previewSize([150, 400, 1600])).toBe(1600);
    expect(previewSize([100, 800])).toBe(800);
    expect(previewSize([])).toBeNull();
  });
});
