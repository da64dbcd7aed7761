/** Who reaches the customer portal, on both sides: role Customer, in a brand with jobs on. */
import type { Gate } from '../access/access';

export const CUSTOMER_PORTAL_GATE: Gate = { roles: ['Customer'], requiredFeatures: ['job.enabled'] };
