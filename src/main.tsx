import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { registerServiceWorker } from './sw/registerServiceWorker';

registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
// A transition: the first render yields to the browser every few milliseconds instead of holding it
// for one long task, so a slow phone stays responsive while the app starts.
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
