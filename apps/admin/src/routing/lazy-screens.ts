import { ComponentType, lazy, LazyExoticComponent } from 'react';

/** The names of a module's exports that are components taking no props. */
type ScreenName<M> = { [K in keyof M]: M[K] extends ComponentType ? K : never }[keyof M];

/**
 * An area's screens, loaded the first time one of them is shown. `load` is the area's one
 * `import()` of its `screens.ts`, so each area is a chunk of its own and none of them is in
 * the first load (the sign-in page and the shell). `screen('AssetList')` is a component that
 * renders that export once the chunk is there; meanwhile the nearest <Suspense> (react-admin's
 * layout has one around the page) shows its loading indicator.
 */
export function lazyScreens<M extends object>(load: () => Promise<M>) {
  return <K extends ScreenName<M>>(name: K): LazyExoticComponent<ComponentType> =>
    lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
