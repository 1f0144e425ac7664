import { useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Button, Spin, Tooltip } from 'antd';
import { ArrowRightOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LOGIN_GUARD, type PuzzleChallenge } from '@oj/shared';

const HANDLE = 40;

/**
 * The slide puzzle captcha. The server draws a background with a hole and the matching piece;
 * the user drags the piece along its row and the offset (in image pixels) is sent with the login.
 * The picture is scaled to the dialog's width, so screen pixels are converted back on the way out.
 */
export function SlidePuzzle({
  challenge,
  loading,
  disabled,
  onRelease,
  onRefresh,
}: {
  challenge: PuzzleChallenge | undefined;
  loading: boolean;
  disabled: boolean;
  onRelease: (x: number) => void;
  onRefresh: () => void;
}) {
  const { t } = useTranslation();
  const width = challenge?.width ?? LOGIN_GUARD.puzzle.width;
  const height = challenge?.height ?? LOGIN_GUARD.puzzle.height;
  const boxRef = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState(width);
  const [pieceWidth, setPieceWidth] = useState<number>(LOGIN_GUARD.puzzle.piece);
  const [x, setX] = useState(0);
  const drag = useRef<{ startClientX: number; startX: number } | null>(null);

  // Each new challenge starts from the left edge.
  useLayoutEffect(() => setX(0), [challenge?.puzzleToken]);

  useLayoutEffect(() => {
    const el = boxRef.current;
    if (!el) return;
    const measure = () => setBoxWidth(el.clientWidth || width);
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [width]);

  const scale = boxWidth / width;
  const maxX = Math.max(0, width - pieceWidth);
  const clamp = (v: number) => Math.min(maxX, Math.max(0, v));
  const locked = disabled || loading || !challenge;

  const release = (value: number) => {
    if (value > 0) onRelease(Math.round(value));
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (locked) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { startClientX: e.clientX, startX: x };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    setX(clamp(drag.current.startX + (e.clientX - drag.current.startClientX) / scale));
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const value = clamp(drag.current.startX + (e.clientX - drag.current.startClientX) / scale);
    drag.current = null;
    setX(value);
    release(value);
  };
  // Keyboard users move the piece with the arrows (Shift for bigger steps) and confirm with Enter.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (locked) return;
    const step = e.shiftKey ? 10 : 1;
    if (e.key === 'ArrowRight') setX((v) => clamp(v + step));
    else if (e.key === 'ArrowLeft') setX((v) => clamp(v - step));
    else if (e.key === 'Enter') release(x);
    else return;
    e.preventDefault();
  };

  const handleLeft = Math.min(x * scale, Math.max(0, boxWidth - HANDLE));

  return (
    <div className="oj-puzzle" data-testid="puzzle">
      <div ref={boxRef} className="oj-puzzle-image" style={{ aspectRatio: `${width} / ${height}` }}>
        {challenge ? (
          <>
            <img src={challenge.bgImage} alt={t('puzzle.imageAlt')} className="oj-puzzle-bg" draggable={false} data-testid="puzzle-bg" />
            <img
              src={challenge.pieceImage}
              alt=""
              className="oj-puzzle-piece"
              draggable={false}
              onLoad={(e) => setPieceWidth(e.currentTarget.naturalWidth || LOGIN_GUARD.puzzle.piece)}
              style={{ left: x * scale, top: challenge.y * scale, width: pieceWidth * scale }}
              data-testid="puzzle-piece"
            />
          </>
        ) : (
          <div className="oj-puzzle-empty">{loading ? <Spin /> : null}</div>
        )}
        <Tooltip title={t('puzzle.refresh')}>
          <Button
            size="small"
            shape="circle"
            icon={<ReloadOutlined />}
            className="oj-puzzle-refresh"
            onClick={onRefresh}
            aria-label={t('puzzle.refresh')}
            data-testid="puzzle-refresh"
          />
        </Tooltip>
      </div>
      <div className={`oj-puzzle-track${locked ? ' is-locked' : ''}`}>
        <div className="oj-puzzle-fill" style={{ width: handleLeft + HANDLE / 2 }} />
        <span className="oj-puzzle-hint">{t('puzzle.hint')}</span>
        <div
          role="slider"
          tabIndex={0}
          aria-label={t('puzzle.hint')}
          aria-valuemin={0}
          aria-valuemax={Math.round(maxX)}
          aria-valuenow={Math.round(x)}
          className="oj-puzzle-handle"
          style={{ left: handleLeft, width: HANDLE }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => (drag.current = null)}
          onKeyDown={onKeyDown}
          data-testid="puzzle-slider"
        >
          <ArrowRightOutlined />
        </div>
      </div>
    </div>
  );
}
