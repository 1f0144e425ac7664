/** A balloon in the problem's colour (ContestProblem.color): board headers, AC helper, scroll board. */
export function Balloon({ color, size = 16, title }: { color: string | null | undefined; size?: number; title?: string }) {
  const fill = color || '#bfbfbf';
  return (
    <svg className="oj-balloon" width={size * 0.75} height={size} viewBox="0 0 24 32" role="img" aria-label={title} data-color={fill}>
      {title ? <title>{title}</title> : null}
      <path
        d="M12 1C6.5 1 2.5 5.3 2.5 10.6c0 6.2 5.2 11.3 8.3 12.9l-1.3 2.2h5l-1.3-2.2c3.1-1.6 8.3-6.7 8.3-12.9C21.5 5.3 17.5 1 12 1z"
        fill={fill}
        stroke="rgba(0,0,0,0.25)"
        strokeWidth="1"
      />
      <path d="M12 25.7c-0.6 2.2 1.2 3.2 0.2 5.8" fill="none" stroke="#8c8c8c" strokeWidth="1" />
      <ellipse cx="8.3" cy="7.6" rx="2" ry="3" fill="rgba(255,255,255,0.55)" />
    </svg>
  );
}
