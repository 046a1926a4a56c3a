import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { onServiceBack } from '../connection';
import { isLoadFailure } from '../app/lazy-page';

/** The parts whose load failed, each renewed (loaded anew when next shown) by `forgetFailedParts`. */
const failed = new Set<() => void>();

function forgetFailedParts(): void {
  failed.forEach((renew) => renew());
  failed.clear();
}

/**
 * A part of a page whose code loads when it is first shown, inside an `OptionalPart`. A load that
 * fails (the service went away meanwhile) stays failed, so the boundary shows its fallback
 * (rendering the part again at once would load it again at once, without end); it is loaded anew
 * once when a boundary around it next appears, or once the service answers again.
 */
export function lazyPart<P extends object>(importer: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const make = () =>
    lazy(() =>
      importer().catch((error: unknown) => {
        failed.add(() => (current = make()));
        throw error;
      }),
    );
  let current = make();
  return function LazyPart(props: P) {
    const Part = current;
    return <Part {...props} />;
  };
}

interface OptionalPartProps {
  /** What shows while its code loads. */
  loading: ReactNode;
  /** What shows in its place when it failed: its code could not be `loaded`, or it could not be `shown`. */
  fallback: (failure: 'loaded' | 'shown') => ReactNode;
  children: ReactNode;
}

/**
 * A part the page can do without (a map beside the list of the same numbers): while its code loads
 * `loading` shows, and when it fails its fallback shows in its place and the rest of the page stays,
 * rather than the whole page giving way to "This page could not be shown".
 */
export class OptionalPart extends Component<OptionalPartProps, { failure: 'loaded' | 'shown' | null }> {
  override state: { failure: 'loaded' | 'shown' | null } = { failure: null };
  private stop?: () => void;

  static getDerivedStateFromError(error: unknown): { failure: 'loaded' | 'shown' } {
    return { failure: isLoadFailure(error) ? 'loaded' : 'shown' };
  }

  override componentDidMount(): void {
    // Shown again (another visit of the page) after a load that failed: tried once more, from here
    // rather than while rendering (a render React throws away would try again without end).
    if (this.state.failure === 'loaded') this.retry();
    this.stop = onServiceBack(() => {
      if (this.state.failure !== null) this.retry();
    });
  }

  override componentWillUnmount(): void {
    this.stop?.();
  }

  override render(): ReactNode {
    if (this.state.failure) return this.props.fallback(this.state.failure);
    return <Suspense fallback={this.props.loading}>{this.props.children}</Suspense>;
  }

  private retry(): void {
    forgetFailedParts();
    this.setState({ failure: null });
  }
}
