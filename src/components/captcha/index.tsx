import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Button, Space, theme } from 'antd';
import { PlainText } from '../plain-text';
import { CheckCircleFilled, DoubleRightOutlined, LoadingOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../api/client';
import type { CaptchaAnswer, CaptchaChallenge } from '#contract/types/account';
import { captchaFields, proveWork, type Digest } from '#contract/rules/captcha';

const MAX = 100;
const STEP = 10;
const HANDLE = 40;

/** SHA-256 by WebCrypto; null where the page has none (a page not served over https or from localhost). */
function webDigest(): Digest | null {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const encoder = new TextEncoder();
  return async (text) => new Uint8Array(await subtle.digest('SHA-256', encoder.encode(text)));
}

interface Props {
  /** called with the answer (and the challenge's user id) when completed, and with null on a new challenge. */
  onChange: (answer: CaptchaAnswer | null, userId?: string) => void;
  /** change it to load a fresh challenge (after a failed login). */
  reloadKey?: number;
}

/**
 * A slide-to-the-end captcha, usable with a pointer or a keyboard (End or ArrowRight). At the end it computes
 * the challenge's proof of work (contract/rules/captcha.ts: SHA-256 by WebCrypto until enough leading zero bits),
 * then answers. It costs a script that signs in often real time; it does not tell a person from a script.
 */
export function SliderCaptcha({ onChange, reloadKey = 0 }: Props) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [challenge, setChallenge] = useState<CaptchaChallenge | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [value, setValue] = useState(0);
  const [solved, setSolved] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const track = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);
  /** the challenge whose work may still answer: a new one, or leaving the page, cancels the search under way. */
  const current = useRef<CaptchaChallenge | null>(null);
  const atEnd = value >= MAX;
  const working = atEnd && !solved;

  // biome-ignore lint/correctness/useExhaustiveDependencies: only reloadKey and attempt ask for a new challenge; onChange (the parent's inline setter, new each render) and t are just read
  useEffect(() => {
    let alive = true;
    current.current = null;
    setChallenge(null);
    setFailure(null);
    setValue(0);
    setSolved(false);
    onChange(null);
    call('captcha')
      .then((reply) => {
        if (!alive) return;
        current.current = reply;
        setChallenge(reply);
      })
      .catch((error: unknown) => {
        if (!alive) return;
        const network = error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout');
        setFailure(t(network ? 'messages.captchaNetwork' : 'messages.captchaFailed'));
      });
    return () => {
      alive = false;
      current.current = null;
    };
  }, [reloadKey, attempt]);

  const solve = useCallback(
    (asked: CaptchaChallenge) => {
      const digest = webDigest();
      if (!digest) {
        setFailure(t('messages.captchaInsecure'));
        return;
      }
      const stale = () => current.current !== asked;
      proveWork(asked.challenge, asked.difficulty ?? 0, digest, stale).then(
        (work) => {
          if (!work || stale()) return;
          setSolved(true);
          onChange(captchaFields(asked.challenge, work), asked.user_id);
        },
        () => !stale() && setFailure(t('messages.captchaFailed')),
      );
    },
    [onChange, t],
  );

  const move = useCallback(
    (next: number) => {
      if (!challenge || atEnd) return;
      const clamped = Math.max(0, Math.min(MAX, Math.round(next)));
      setValue(clamped);
      if (clamped >= MAX) solve(challenge);
    },
    [challenge, atEnd, solve],
  );

  const onKeyDown = (event: KeyboardEvent) => {
    const keys: Record<string, number> = {
      ArrowRight: value + STEP,
      ArrowUp: value + STEP,
      End: MAX,
      ArrowLeft: value - STEP,
      ArrowDown: value - STEP,
      Home: 0,
    };
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
        background: solved ? token.colorSuccessBg : token.colorFillTertiary,
        border: `1px solid ${solved ? token.colorSuccessBorder : token.colorBorder}`,
        userSelect: 'none',
        touchAction: 'none',
      }}
      onPointerMove={(event) => dragging.current && fromPointer(event)}
      onPointerUp={() => {
        dragging.current = false;
        if (!atEnd) setValue(0);
      }}
    >
      <PlainText tone="secondary" style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        {!challenge ? t('auth.captchaLoading') : solved ? t('auth.captchaDone') : working ? t('auth.captchaWorking') : t('auth.captchaHint')}
      </PlainText>
      <div
        role="slider"
        tabIndex={0}
        aria-label={t('auth.captchaLabel')}
        aria-valuemin={0}
        aria-valuemax={MAX}
        aria-valuenow={value}
        aria-disabled={!challenge || atEnd}
        aria-busy={working}
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
          background: solved ? token.colorSuccess : token.colorPrimary,
          color: token.colorWhite,
          cursor: challenge && !atEnd ? 'grab' : 'default',
        }}
      >
        {solved ? <CheckCircleFilled /> : working ? <LoadingOutlined /> : <DoubleRightOutlined />}
      </div>
    </div>
  );
}
