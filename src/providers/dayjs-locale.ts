import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18n from './i18n';
import { dayjsLocale, loadLocalePacks } from './locale-packs';

/**
 * dayjs follows the console's language. Imported by the console chunk (and tests), not by the public
 * pages, which show no dates: dayjs stays off their first load. Another language's dayjs pack may still
 * be arriving when this module runs (the console fetches it beside its code), so the locale is set once
 * the pack is there; a later change of language has fetched it before it happens (changeLanguage).
 */
const follow = (lng: string) => void loadLocalePacks(lng).then(() => lng === i18n.language && dayjs.locale(dayjsLocale(lng)));

dayjs.locale(dayjsLocale(i18n.language));
follow(i18n.language);
i18n.on('languageChanged', (lng) => {
  dayjs.locale(dayjsLocale(lng));
  follow(lng);
});
