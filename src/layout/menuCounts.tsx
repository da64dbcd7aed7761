/** Counts shown beside menu entries, by route id (each feature keeps its count fresh itself). */
import type { ComponentType } from 'react';
import { TriageMenuCount } from '../mail/routing/TriageMenuCount';

export const MENU_COUNTS: Partial<Record<string, ComponentType>> = { mailTriage: TriageMenuCount };
