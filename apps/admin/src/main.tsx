import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { session } from './auth/current-session';
import { loadConsole } from './routing/console-loader';

// Every page but the sign-in is react-admin's (Console.tsx), a chunk of its own: a signed-in person needs it
// whatever the page, so it is fetched alongside the organization check rather than after it.
if (session.snapshot().stage === 'signed-in') void loadConsole();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
