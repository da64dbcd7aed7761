/**
 * Navigation for code outside React (the fetch wrapper's 401/403 handling). A component inside
 * the router registers react-router's navigate; before that, a full page load does the job.
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

let navigateFn: ((to: string) => void) | null = null;

export function navigateTo(to: string): void {
  if (navigateFn) navigateFn(to);
  else window.location.assign(to);
}

export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

export function NavigationBridge(): null {
  const navigate = useNavigate();
  useEffect(() => {
    navigateFn = (to) => navigate(to);
    return () => {
      navigateFn = null;
    };
  }, [navigate]);
  return null;
}
