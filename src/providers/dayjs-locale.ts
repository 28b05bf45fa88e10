import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18n from './i18n';
import { dayjsLocale } from './locale-packs';

/**
 * dayjs follows the console's language (its pack is fetched before the language changes, see
 * changeLanguage). Imported by the console chunk (and tests), not by the public pages, which show no
 * dates: dayjs stays off their first load.
 */
dayjs.locale(dayjsLocale(i18n.language));
i18n.on('languageChanged', (lng) => dayjs.locale(dayjsLocale(lng)));
