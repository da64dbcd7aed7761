import type { ResourceDef } from '../engine/types';
import { contacts } from './contacts';
import { departments } from './departments';
import { jobsitecontacts } from './jobsitecontacts';
import { jobsites } from './jobsites';
import { mailincomingservers } from './mailincomingservers';
import { mailservers } from './mailservers';
import { propertymanagers } from './propertymanagers';
import { users } from '../../users/usersResource';
import { USER_PICK_RESOURCES } from '../../users/userPicks';
import { xeroitems } from './xeroitems';
import { xerotaxrates } from './xerotaxrates';

/** Every resource the generic engine serves, on both sides. Later areas add theirs here. */
export const RESOURCES: readonly ResourceDef[] = [
  departments,
  contacts,
  jobsites,
  propertymanagers,
  jobsitecontacts,
  users,
  mailservers,
  mailincomingservers,
  xerotaxrates,
  xeroitems,
];

/** RESOURCES, and the lists that only pickers read (no screens, no engine routes). */
export function findResource(name: string): ResourceDef | undefined {
  return RESOURCES.find((r) => r.name === name) ?? USER_PICK_RESOURCES.find((r) => r.name === name);
}
