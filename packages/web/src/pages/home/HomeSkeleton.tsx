import './skeleton.css';

/**
 * The home cards' loading placeholder drawn as antd's `<Skeleton active />` draws it (a title bar and
 * three lines, the last shorter, shimmering), without antd Skeleton's code in the first load.
 * `block` is one grey block (antd's `Skeleton.Node`), sized by its class.
 */
export function HomeSkeleton({ block, className }: { block?: boolean; className?: string }) {
  if (block) return <div className={`oj-skeleton oj-skeleton-bar oj-skeleton-block ${className ?? ''}`} aria-hidden="true" />;
  return (
    <div className="oj-skeleton" aria-hidden="true">
      <div className="oj-skeleton-bar oj-skeleton-title" />
      <ul className="oj-skeleton-lines">
        <li className="oj-skeleton-bar" />
        <li className="oj-skeleton-bar" />
        <li className="oj-skeleton-bar" />
      </ul>
    </div>
  );
}
