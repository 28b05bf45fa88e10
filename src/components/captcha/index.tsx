import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Button, Space, theme } from 'antd';
import { PlainText } from '../plain-text';
import { CheckCircleFilled, DoubleRightOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../api/client';
import type { CaptchaAnswer, CaptchaChallenge } from '../../api/types';

const MAX = 100;
const STEP = 10;
const HANDLE = 40;

/** The answer the reference server expects once the slider reaches the end (server/http/auth.ts). */
export const answerFor = (challenge: string): CaptchaAnswer => ({
  geetest_challenge: challenge,
  geetest_validate: challenge,
  geetest_seccode: `${challenge}|jordan`,
});

interface Props {
  /** called with the answer (and the challenge's user id) when completed, and with null on a new challenge. */
  onChange: (answer: CaptchaAnswer | null, userId?: string) => void;
  /** change it to load a fresh challenge (after a failed login). */
  reloadKey?: number;
}

/** A slide-to-the-end captcha, usable with a pointer or a keyboard (End or ArrowRight). */
export function SliderCaptcha({ onChange, reloadKey = 0 }: Props) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [challenge, setChallenge] = useState<CaptchaChallenge | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [value, setValue] = useState(0);
  const [attempt, setAttempt] = useState(0);
  const track = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);
  const done = value >= MAX;

  useEffect(() => {
    let alive = true;
    setChallenge(null);
    setFailure(null);
    setValue(0);
    onChange(null);
    call('captcha')
      .then((reply) => alive && setChallenge(reply))
      .catch((error: unknown) => {
        if (!alive) return;
        const network = error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout');
        setFailure(t(network ? 'messages.captchaNetwork' : 'messages.captchaFailed'));
      });
    return () => {
      alive = false;
    };
    // onChange is the parent's setter; a new challenge is wanted only when reloadKey/attempt change
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reloadKey, attempt]);

  const move = useCallback(
    (next: number) => {
      if (!challenge || done) return;
      const clamped = Math.max(0, Math.min(MAX, Math.round(next)));
      setValue(clamped);
      if (clamped >= MAX) onChange(answerFor(challenge.challenge), challenge.user_id);
    },
    [challenge, done, onChange],
  );

  const onKeyDown = (event: KeyboardEvent) => {
    const keys: Record<string, number> = { ArrowRight: value + STEP, ArrowUp: value + STEP, End: MAX, ArrowLeft: value - STEP, ArrowDown: value - STEP, Home: 0 };
    if (event.key in keys) {
      event.preventDefault();
      move(keys[event.key]);
    }
  };

  const fromPointer = (event: PointerEvent) => {
    const box = track.current?.getBoundingClientRect();
    if (!box || box.width <= HANDLE) return;
    move(((event.clientX - box.left - HANDLE / 2) / (box.width - HANDLE)) * MAX);
  };

  if (failure) {
    return (
      <Space>
        <PlainText tone="danger">{failure}</PlainText>
        <Button size="small" icon={<ReloadOutlined />} onClick={() => setAttempt((n) => n + 1)}>
          {t('auth.captchaReload')}
        </Button>
      </Space>
    );
  }

  return (
    <div
      ref={track}
      style={{
        position: 'relative',
        height: HANDLE,
        borderRadius: token.borderRadius,
        background: done ? token.colorSuccessBg : token.colorFillTertiary,
        border: `1px solid ${done ? token.colorSuccessBorder : token.colorBorder}`,
        userSelect: 'none',
        touchAction: 'none',
      }}
      onPointerMove={(event) => dragging.current && fromPointer(event)}
      onPointerUp={() => {
        dragging.current = false;
        if (!done) setValue(0);
      }}
    >
      <PlainText tone="secondary" style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        {!challenge ? t('auth.captchaLoading') : done ? t('auth.captchaDone') : t('auth.captchaHint')}
      </PlainText>
      <div
        role="slider"
        tabIndex={0}
        aria-label={t('auth.captchaLabel')}
        aria-valuemin={0}
        aria-valuemax={MAX}
        aria-valuenow={value}
        aria-disabled={!challenge || done}
        onKeyDown={onKeyDown}
        onPointerDown={(event) => {
          dragging.current = true;
          (event.target as HTMLElement).setPointerCapture?.(event.pointerId);
        }}
        style={{
          position: 'absolute',
          top: -1,
          left: `calc((100% - ${HANDLE}px) * ${value / MAX})`,
          width: HANDLE,
          height: HANDLE,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          borderRadius: token.borderRadius,
          background: done ? token.colorSuccess : token.colorPrimary,
          color: token.colorWhite,
          cursor: challenge && !done ? 'grab' : 'default',
        }}
      >
        {done ? <CheckCircleFilled /> : <DoubleRightOutlined />}
      </div>
    </div>
  );
}
