// Test support that needs the apps: starting them, and the whole stack for the browser suites.
// Everything else a test needs is in @fabquote/testing, which imports no app.
export { BrowserStack } from './browser-stack';
export { startTestApi, startTestWorker } from './test-apps';
export { StaffedApi, startStaffedApi } from './staffed-api';
