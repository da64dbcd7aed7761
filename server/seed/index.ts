/** Seed helpers other parts (tests, bench, later dev screens) use. */
export { seedIfEmpty } from './seed';
export { seedBulk, type BulkOptions } from './bulk';
export { createUser, createDemoUsers, type NewUser } from './users';
export { createDepartments, DEMO_DEPARTMENTS, ACME_DEPARTMENTS, type NewDepartment } from './departments';
export { DEMO_PEOPLE, ACME_PEOPLE, DEMO_PASSWORD, demoEmail } from './people';
export { demoBrand, acmeBrand, acmeFeatures } from './brands';
export { createBrand, type CreateBrandInput, type CreatedBrand } from '../brand/create';
