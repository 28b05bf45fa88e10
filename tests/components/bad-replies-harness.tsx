import { useNotifier } from '../../src/components/notify/provider';
import { Fragment, useState, type ReactElement, type ReactNode } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { HttpResponse } from 'msw';
import type { EndpointName } from '#contract/endpoints';
import { ApiError, unwrap } from '../../src/api/client';
import { runtimeConfig, setRuntimeConfig } from '../../src/api/config';
import { onCall, server } from './msw';
import { renderPage, userEvent } from './render';

/**
 * "bad replies", the harness of tests/components/bad-replies*.test.tsx: a page's calls answered
 * with bodies that are not what the contract says. Each must end in a clear notification, no uncaught
 * error, and a page that still draws (or its boundary's retry). A page's calls are broken all at once, in one
 * render for every kind of body and a stall (the page alone mounted again between them).
 */

export const MALFORMED = '服务器返回的数据无法识别，请稍后重试';
export const FAILED = '操作失败';
export const TIMEOUT = '请求超时，请稍后重试';

/**
 * The request timeout of the stall: short, so that the fake clock moves past it through few of the pages' own
 * timers (their clocks and polls, each a render, were most of a stall's time at the default 20 s). The timeout is
 * the same code at any length: the page must say it and stay.
 */
const STALL_TIMEOUT_MS = 2000;

export type BodyKind = 'html' | 'code500' | 'null' | 'wrongType';

/**
 * bad body: its kind, what the test calls it, the reply, and the text the notification must show. An HTML page
 * stands for every body that is no envelope: an empty body, truncated JSON and a 10 MB string are the very same
 * error to every call (tests/unit/envelope.test.ts proves it call by call), so a page cannot tell them apart.
 */
export const BAD_BODIES: [BodyKind, string, () => Response, string][] = [
  [
    'html',
    'an HTML page',
    () => new HttpResponse('<html><body>502 Bad Gateway</body></html>', { status: 502, headers: { 'content-type': 'text/html' } }),
    MALFORMED,
  ],
  ['code500', 'code 500 without info', () => HttpResponse.json({ code: 500 }), FAILED],
  ['null', 'data null', () => HttpResponse.json({ code: 200, info: 'ok', data: null }), MALFORMED],
  ['wrongType', 'data of the wrong type', () => HttpResponse.json({ code: 200, info: 'ok', data: 'not a list' }), MALFORMED],
];

export interface PageCase {
  name: string;
  /** the page's calls answered well (the broken ones are overridden after). */
  handlers: () => void;
  /** the page as renderPage mounts it, and where. */
  ui: () => ReactElement;
  at: Parameters<typeof renderPage>[1];
  /** the calls answered badly, all in the same render. */
  calls: EndpointName[];
  /** what the user does once the page is there to make the calls (open a tab, press a button). */
  drive?: () => Promise<void>;
  /** text that shows the page is still there and usable (a button of its toolbar). */
  usable: string | RegExp;
  /** text the page must not show when its calls fail: an empty state ("no API yet") that would not be true. */
  untrue?: string | RegExp;
  /** where the failure is said when not in a notification (the slider captcha says it in place), by body kind. */
  says?: (kind: BodyKind | 'stall') => string | RegExp;
  /** body kinds the calls take as a valid reply (their reply may be anything, read as empty): no notice is due, the page must only stay. */
  accepts?: readonly BodyKind[];
  /**
   * writes made by `drive`: the page is not mounted again between the bodies (its reads answer well), only what
   * was said is cleared before `drive` makes the calls again.
   */
  keepPage?: boolean;
}

/** What a call makes of a reply: the error it throws, as the page receives it (undefined when it passes). */
function errorOf(call: EndpointName, body: unknown): Record<string, unknown> | undefined {
  try {
    unwrap(body, call);
    return undefined;
  } catch (error) {
    const { kind, info, code, endpoint, message } = error as ApiError;
    return { ApiError: error instanceof ApiError, kind, info, code, endpoint, message };
  }
}

/**
 * Whether data null reaches the page as the very same error as data of the wrong type on every one of these
 * calls: a read held to a reply shape (contract/reply-shapes.ts) refuses both as malformed before the page sees
 * either (every call goes through the client's unwrap). Then the page is answered with one of the two bodies,
 * as it cannot tell them apart; a call that lets either through (a write, a read of no shape) gets both.
 */
function nullIsWrongType(calls: readonly EndpointName[]): boolean {
  return calls.every((call) => {
    const fromNull = errorOf(call, { code: 200, info: 'ok', data: null });
    return fromNull !== undefined && JSON.stringify(fromNull) === JSON.stringify(errorOf(call, { code: 200, info: 'ok', data: 'not a list' }));
  });
}

/** The button whose text matches `name` within `scope`. */
export const buttonIn = (scope: HTMLElement, name: RegExp) => within(scope).getByText(name, { selector: 'button > span' }).closest('button')!;

/** Picks an option of the (first) select labelled `label` (antd labels its search input and its list). */
export async function choose(scope: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(scope).getAllByLabelText(label)[0]!.closest('.ant-select')!.querySelector('.ant-select-selector')!);
  await userEvent.click(await screen.findByText(option, { selector: '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-content' }));
}

/** Fails the test on an error nobody caught: a window error or an unhandled rejection. */
export function watchUncaught() {
  const seen: unknown[] = [];
  const onError = (event: ErrorEvent) => seen.push(event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => seen.push(event.reason);
  const onNodeRejection = (reason: unknown) => seen.push(reason);
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  process.on('unhandledRejection', onNodeRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    process.off('unhandledRejection', onNodeRejection);
    return seen;
  };
}

/** The query cache, the notifications and the page's mount of the rendered console, for opening the page again. */
const handles: { queries?: QueryClient; notification?: NotificationInstance; remount?: () => void } = {};
function Handles({ children }: { children: ReactNode }) {
  handles.queries = useQueryClient();
  handles.notification = useNotifier().notification;
  const [mount, setMount] = useState(0);
  handles.remount = () => setMount((n) => n + 1);
  return <Fragment key={mount}>{children}</Fragment>;
}

async function expectSaidAndUsable(page: PageCase, kind: BodyKind | 'stall', text: string | null) {
  try {
    if (text !== null) {
      const said = page.says?.(kind);
      if (said) expect((await screen.findAllByText(said)).length).toBeGreaterThan(0);
      else expect((await screen.findAllByText(text, { selector: '.ant-notification-notice-description' })).length).toBeGreaterThan(0);
    }
    expect(screen.getAllByText(page.usable).length).toBeGreaterThan(0);
    if (page.untrue && text !== null) expect(screen.queryAllByText(page.untrue)).toEqual([]);
  } catch (error) {
    throw new Error(`${page.name}, body ${kind}: ${(error as Error).message}`);
  }
}

/**
 * Answers the page's calls with `reply()` of the moment, and records which were made: a call
 * never made would prove nothing.
 */
function breakCalls(page: PageCase) {
  const state = {
    reply: (): Response | Promise<Response> => new Response(),
    asked: new Set<EndpointName>(),
  };
  server.use(
    ...page.calls.map((call) =>
      onCall(call, async () => {
        state.asked.add(call);
        return state.reply();
      }),
    ),
  );
  return state;
}

async function allAsked(page: PageCase, asked: Set<EndpointName>) {
  await waitFor(() => expect([...asked].sort(), `${page.name}: the calls made`).toEqual([...page.calls].sort()));
}

/**
 * Opens the page again inside the same console (Refine, antd and the router stay mounted: the cheap part is
 * the page alone): what was said is cleared and the query cache emptied, so every call of the page is made
 * afresh and nothing is shown from a reply before. A page of writes (`keepPage`) stays as it is: only what was
 * said is cleared.
 */
async function openAgain(page: PageCase) {
  await act(async () => {
    handles.notification?.destroy();
    if (page.keepPage) return;
    handles.queries?.removeQueries();
    handles.remount?.();
  });
}

/**
 * The cases of every page, in one render: each kind of bad body one after the other (the page asks again
 * between them: a body that breaks the page shows at the next; data null only where it is not the very same
 * error as data of the wrong type, see nullIsWrongType), then a stall past the request timeout (STALL_TIMEOUT_MS)
 * on the fake clock (from here on: the page's calls are made again on it).
 */
export function describeBadReplies(pages: PageCase[]) {
  describe.each(pages)('$name answers $calls badly', (page) => {
    it('an HTML page (as empty, truncated or 10 MB: one error), code 500 without info, data null or of the wrong type, a stall past the request timeout: a notification each, no uncaught error, the page stays', async () => {
      const stop = watchUncaught();
      page.handlers();
      const broken = breakCalls(page);
      const bodies = nullIsWrongType(page.calls) ? BAD_BODIES.filter(([kind]) => kind !== 'null') : BAD_BODIES;
      for (const [index, [kind, , reply, text]] of bodies.entries()) {
        broken.reply = reply;
        broken.asked.clear();
        if (index === 0) renderPage(<Handles>{page.ui()}</Handles>, page.at);
        else await openAgain(page);
        await page.drive?.();
        await allAsked(page, broken.asked);
        await expectSaidAndUsable(page, kind, page.accepts?.includes(kind) ? null : text);
      }
      vi.useFakeTimers();
      const config = runtimeConfig();
      setRuntimeConfig({ ...config, requestTimeoutMs: STALL_TIMEOUT_MS });
      try {
        broken.reply = () => new Promise<Response>(() => {});
        broken.asked.clear();
        await openAgain(page);
        await page.drive?.();
        await allAsked(page, broken.asked);
        await vi.advanceTimersByTimeAsync(STALL_TIMEOUT_MS + 1000);
        await expectSaidAndUsable(page, 'stall', TIMEOUT);
      } finally {
        setRuntimeConfig(config);
      }
      await waitFor(() => expect(stop()).toEqual([]));
    });
  });
}

export interface OpenForm {
  /** the field typed into, as it is now (a dialog may re-render it), or what was picked, found by its text. */
  field: () => HTMLElement;
  /** the submit button. */
  submit: () => HTMLElement;
}

export interface FormCase {
  name: string;
  call: EndpointName;
  /** renders the page, opens the form and types `typed` into its field. */
  open: (typed: string) => Promise<OpenForm>;
}

/**
 * "bad replies" for forms: while a form's call is pending its submit button is busy (a second click
 * sends nothing); when the call fails with a reply that is not an envelope, a notification says so and the form
 * keeps what the user typed.
 */
export function describeFormBadReplies(forms: FormCase[]) {
  describe.each(forms)('$name', ({ call, open }) => {
    it(`is busy while ${call} is pending (nothing sent twice); a bad reply keeps what was typed`, async () => {
      const sent: unknown[] = [];
      let answer: (reply: Response) => void = () => {};
      server.use(
        onCall(call, ({ payload }) => {
          sent.push(payload);
          return new Promise<Response>((resolve) => (answer = resolve));
        }),
      );
      const typed = '7';
      const form = await open(typed);
      await userEvent.click(form.submit());
      await waitFor(() => expect(sent).toHaveLength(1));
      await waitFor(() => expect(form.submit()).toHaveClass('ant-btn-loading'));
      await userEvent.click(form.submit());
      answer(new HttpResponse('<html>502 Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
      expect(await screen.findByText(MALFORMED)).toBeInTheDocument();
      expect(sent).toHaveLength(1);
      const kept = form.field();
      if (kept instanceof HTMLInputElement) expect(kept.value).toContain(typed);
      else expect(kept).toBeInTheDocument();
      await waitFor(() => expect(form.submit()).not.toHaveClass('ant-btn-loading'));
    });
  });
}
