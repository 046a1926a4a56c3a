import { createElement, use, type ComponentType, type ReactNode } from 'react';

/** The loads that failed, each forgotten when the person asks to try again. */
const failed = new Set<() => void>();

/** Forgets the page loads that failed, so the next showing of each loads it anew (a "Try again"). */
export function forgetFailedLoads(): void {
  failed.forEach((forget) => forget());
  failed.clear();
}

/**
 * A page's code, loaded when it is first shown (or when a link to it is pointed at). A load that
 * fails (the service unreachable) stays failed, an error the route shows with a way to try again
 * (rendering again at once would load again at once, without end, leaving a blank page); trying
 * again loads it anew: never a reload of the whole app, which would leave a blank window while the
 * service is away.
 */
export function lazyPage(importer: () => Promise<{ default: ComponentType }>): (() => ReactNode) & { preload: () => Promise<void> } {
  let page: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const load = (): Promise<void> => {
    loading ??= importer().then(
      (module) => {
        page = module.default;
      },
      (error: unknown) => {
        failed.add(() => (loading = undefined));
        throw error;
      },
    );
    return loading;
  };
  function LazyPage(): ReactNode {
    if (!page) use(load());
    return createElement(page!);
  }
  LazyPage.preload = () => load().catch(() => undefined);
  return LazyPage;
}

/** Whether an error is a browser's word for code that could not be loaded (the service unreachable). */
export function isLoadFailure(error: unknown): boolean {
  return /dynamically imported module|preload CSS|Importing a module script failed/i.test(String(error));
}
