import { act, useEffect, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { recordTypingBeforeHydration, replayTypingBeforeHydration, TYPED_BEFORE_HYDRATION } from '../../src/components/lazy-page/hydration';

let seen = '';
function Field() {
  const [name, setName] = useState('');
  seen = name;
  useEffect(replayTypingBeforeHydration, []);
  return <input aria-label="name" value={name} onChange={(event) => setName(event.target.value)} />;
}

describe('typing before hydration', () => {
  it('is given back to the hydrated input and its state', async () => {
    (globalThis as Record<string, unknown>).IS_REACT_ACT_ENVIRONMENT = true;
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Field />);
    document.body.append(container);
    recordTypingBeforeHydration(TYPED_BEFORE_HYDRATION);

    // the visitor types into the prerendered input before any script of the app ran
    const input = container.querySelector('input')!;
    input.value = 'admin';
    input.dispatchEvent(new Event('input', { bubbles: true }));

    await act(async () => {
      hydrateRoot(container, <Field />);
    });
    expect(input.value).toBe('admin');
    expect(seen).toBe('admin');
    expect((window as unknown as Record<string, unknown>)[TYPED_BEFORE_HYDRATION]).toBeUndefined();
    container.remove();
  });
});
