import * as React from "react";

/**
 * A modal whose code is downloaded the first time it opens, then kept mounted (so its closing
 * animation and state reset run as before). Until then it renders nothing and costs nothing.
 */
export function onDemand<P extends { open: boolean }>(load: () => Promise<React.ComponentType<P>>) {
  const Modal = React.lazy(() => load().then((component) => ({ default: component })));
  return function OnDemand(props: P) {
    const [opened, setOpened] = React.useState(props.open);
    if (props.open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <React.Suspense fallback={null}>
        <Modal {...props} />
      </React.Suspense>
    );
  };
}
