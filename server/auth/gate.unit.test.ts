import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { FeatureTree, Gate } from '../../core/access/access';
import type { Role } from '../../core/access/roles';
import { isAppError } from '../envelope/errors';
import { describeGate, requireGate, requireLogin } from './gate';

const features: FeatureTree = { job: { enabled: true, xero: false } };

function request(role: Role | null | undefined, tree: FeatureTree | null = features): FastifyRequest {
  return {
    user: role === undefined ? null : { us_id: 1, role },
    brand: tree === null ? null : { config: { features: tree } },
  } as unknown as FastifyRequest;
}

/** Runs the preHandler: 'passed' when it calls done(), else the envelope entry it throws. */
function run(handler: ReturnType<typeof requireGate>, req: FastifyRequest) {
  const done = vi.fn();
  try {
    handler(req, {} as FastifyReply, done);
  } catch (err) {
    expect(done).not.toHaveBeenCalled();
    if (!isAppError(err)) throw err;
    return { status: err.status, ...err.toDbErrors()[0] };
  }
  expect(done).toHaveBeenCalledTimes(1);
  return 'passed';
}

const refused = (general: string) => ({ status: 403, error: 'FORBIDDEN', primary: 'You are not allowed to do this.', details: null, general });

/** SPEC.md point 5 route access, enforced by the server with the SPA's own rule. */
describe('route gates', () => {
  const gate: Gate = { roles: ['Admin', 'Operator'], requiredFeatures: ['job.enabled'] };

  it('no session: 401 AUTH_REQUIRED', () => {
    expect(run(requireGate(gate), request(undefined))).toEqual({
      status: 401,
      error: 'AUTH_REQUIRED',
      primary: 'Please log in.',
      details: null,
      general: null,
    });
    expect(run(requireLogin, request(undefined))).toMatchObject({ status: 401 });
  });

  it("a role outside the gate: 403 FORBIDDEN with 'role'", () => {
    expect(run(requireGate(gate), request('User'))).toEqual(refused('role'));
    expect(run(requireGate(gate), request(null))).toEqual(refused('role'));
  });

  it("a feature that is off: 403 with 'feature'; a brand without features: 403 with 'brand'", () => {
    expect(run(requireGate({ requiredFeatures: ['job.xero'] }), request('Admin'))).toEqual(refused('feature'));
    expect(run(requireGate(gate), request('Admin', null))).toEqual(refused('brand'));
    expect(run(requireGate(gate), request('Admin', {}))).toEqual(refused('brand'));
  });

  it('passes a role in the gate when the features are on', () => {
    expect(run(requireGate(gate), request('Operator'))).toBe('passed');
    expect(run(requireLogin, request('Customer', null))).toBe('passed');
  });

  it('write roles replace the gate’s roles, and the features still apply', () => {
    const write = requireGate(gate, ['Admin']);
    expect(run(write, request('Operator'))).toEqual(refused('role'));
    expect(run(write, request('Admin'))).toBe('passed');
    expect(run(requireGate({ roles: ['Admin'] }, ['User']), request('User'))).toBe('passed');
    expect(run(requireGate({ roles: ['Admin'], requiredFeatures: ['job.xero'] }, ['User']), request('User'))).toEqual(refused('feature'));
  });

  it('describes the access rule for the OpenAPI page', () => {
    expect(describeGate({})).toBe('Roles: ANY.');
    expect(describeGate({ roles: [] })).toBe('Roles: ANY.');
    expect(describeGate(gate)).toBe('Roles: Admin, Operator. Features (all): job.enabled.');
    expect(describeGate({ roles: ['User'], anyFeature: ['a.b', 'c.d'], requiredFeatures: [] }, ['Admin', 'Developer'])).toBe(
      'Roles: Admin, Developer. Features (any): a.b, c.d.',
    );
    expect(describeGate({ requiredFeatures: ['x.y', 'v.u'], anyFeature: ['z.w'] })).toBe('Roles: ANY. Features (all): x.y, v.u. Features (any): z.w.');
  });
});
