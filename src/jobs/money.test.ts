import { describe, expect, it } from 'vitest';
import { formatMinor, lineTotalMinor, sumMinor, taxMinor, toMinor } from './money';

describe('money in integer pence', () => {
  it('adds amounts that drift in floating point exactly', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(formatMinor(sumMinor([toMinor('0.10'), toMinor('0.20')]))).toBe('0.30');
    expect(formatMinor(sumMinor(Array.from({ length: 1000 }, () => toMinor(0.01))))).toBe('10.00');
  });

  it('rounds quantity × price to 2 decimals, half away from zero', () => {
    expect(formatMinor(lineTotalMinor('3', '19.99'))).toBe('59.97');
    expect(formatMinor(lineTotalMinor('0.333', '10.00'))).toBe('3.33');
    expect(formatMinor(lineTotalMinor('1.5', '0.05'))).toBe('0.08');
    expect(formatMinor(lineTotalMinor('-1.5', '0.05'))).toBe('-0.08');
    expect(formatMinor(lineTotalMinor('2.005', 1))).toBe('2.01');
  });

  it('computes VAT on a net amount', () => {
    expect(formatMinor(taxMinor(toMinor('99.99'), 20))).toBe('20.00');
    expect(formatMinor(taxMinor(toMinor('10.01'), '17.5'))).toBe('1.75');
  });

  it('refuses text that is not a decimal', () => {
    expect(() => toMinor('12abc')).toThrow(RangeError);
    expect(() => toMinor('.')).toThrow(RangeError);
    expect(toMinor('')).toBe(0n);
  });
});
