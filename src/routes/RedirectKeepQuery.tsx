import { Navigate, useLocation } from 'react-router-dom';

/** An old path's redirect that keeps ?query and #hash (SPEC.md point 2). */
export function RedirectKeepQuery({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={`${to}${search}${hash}`} replace />;
}
