/** Demo people: one per role in each brand, with plausible names. Emails are `<role lower-case>@demo.test`. */
import type { Role } from '../../core/access/roles';

export interface Person {
  role: Role;
  firstname: string;
  surname: string;
  nickname: string;
}

export const DEMO_PEOPLE: readonly Person[] = [
  { role: 'Developer', firstname: 'Daniel', surname: 'Fischer', nickname: 'Dan' },
  { role: 'Admin', firstname: 'Alice', surname: 'Morgan', nickname: 'Ali' },
  { role: 'Operator', firstname: 'Oliver', surname: 'Bennett', nickname: 'Ollie' },
  { role: 'BemAccount', firstname: 'Beatrice', surname: 'Hughes', nickname: 'Bea' },
  { role: 'Procurement', firstname: 'Patrick', surname: 'Walsh', nickname: 'Pat' },
  { role: 'User', firstname: 'Ursula', surname: 'King', nickname: 'Ursi' },
  { role: 'Engineer', firstname: 'Ethan', surname: 'Clarke', nickname: 'Eth' },
  { role: 'Sales', firstname: 'Sophie', surname: 'Turner', nickname: 'Soph' },
  { role: 'Customer', firstname: 'Charles', surname: 'Whitmore', nickname: 'Charlie' },
];

export const ACME_PEOPLE: readonly Person[] = [
  { role: 'Developer', firstname: 'Priya', surname: 'Shah', nickname: 'Pri' },
  { role: 'Admin', firstname: 'Marcus', surname: 'Reid', nickname: 'Marc' },
  { role: 'Operator', firstname: 'Hannah', surname: 'Doyle', nickname: 'Han' },
  { role: 'BemAccount', firstname: 'Tom', surname: 'Gallagher', nickname: 'Tommy' },
  { role: 'Procurement', firstname: 'Grace', surname: 'Okafor', nickname: 'Gracie' },
  { role: 'User', firstname: 'Liam', surname: 'Foster', nickname: 'Li' },
  { role: 'Engineer', firstname: 'Jack', surname: 'Murphy', nickname: 'Jacko' },
  { role: 'Sales', firstname: 'Emma', surname: 'Collins', nickname: 'Em' },
  { role: 'Customer', firstname: 'Rebecca', surname: 'Price', nickname: 'Becky' },
];

export const DEMO_PASSWORD = 'demo1234';

export function demoEmail(role: Role): string {
  return `${role.toLowerCase()}@demo.test`;
}
