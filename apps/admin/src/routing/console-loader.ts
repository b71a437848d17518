/**
 * The console (react-admin, its layout and every area's routes) is a chunk of its own, not in the first load:
 * fetched when a page other than the sign-in is shown, and ahead of time once the sign-in page is up and the
 * browser idle, or when a stored session will need it (docs/architecture.md, "The console's first load and
 * texts"). import() fetches it once.
 */
export const loadConsole = () => import('../Console');
