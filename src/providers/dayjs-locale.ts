import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18n from './i18n';

/**
 * dayjs follows the console's language. Imported by the console chunk (and tests), not by the public
 * pages, which show no dates: dayjs stays off their first load.
 */
const dayjsLocale = (lng: string) => (lng === 'zh-CN' ? 'zh-cn' : 'en');

dayjs.locale(dayjsLocale(i18n.language));
i18n.on('languageChanged', (lng) => dayjs.locale(dayjsLocale(lng)));
