import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { message, notification, theme } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';

interface Notifier {
  notification: NotificationInstance;
  message: MessageInstance;
}
const NotifierContext = createContext<Notifier | null>(null);

/**
 * antd's notification and message, themed, for the whole app: what antd's `App` gives minus its hook
 * modal, whose Modal, rc-dialog and Skeleton would ride on every public page's first chunk though no
 * public page opens one (the bytes budget of /login). Parts that confirm wrap themselves in antd's `App`
 * (the console) or use `Modal.useModal` (the register form). The wrapper sets the text styles antd's
 * `App` sets.
 */
export function NotifyProvider({ children }: { children: ReactNode }) {
  const [notificationApi, notificationHolder] = notification.useNotification();
  const [messageApi, messageHolder] = message.useMessage();
  const { token } = theme.useToken();
  const value = useMemo(() => ({ notification: notificationApi, message: messageApi }), [notificationApi, messageApi]);
  const style = { color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily };
  return (
    <NotifierContext.Provider value={value}>
      <div style={style}>
        {messageHolder}
        {notificationHolder}
        {children}
      </div>
    </NotifierContext.Provider>
  );
}

export function useNotifier(): Notifier {
  const notifier = useContext(NotifierContext);
  if (!notifier) throw new Error('useNotifier outside NotifyProvider (src/app/root.tsx)');
  return notifier;
}
