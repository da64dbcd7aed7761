import type { ResourceDef } from '../engine/types';
import { departments } from './departments';

/** Every resource the generic engine serves, on both sides. Later areas add theirs here. */
export const RESOURCES: readonly ResourceDef[] = [departments];

export function findResource(name: string): ResourceDef | undefined {
  return RESOURCES.find((r) => r.name === name);
}
