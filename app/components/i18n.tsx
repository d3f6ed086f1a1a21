import { type ComponentType, createContext, type ReactNode, use, useContext, useMemo } from "react";
import type { Locale } from "#config/browser.ts";
import {
  createT,
  loadMessages,
  localePath,
  type MessageRef,
  type Messages,
  registeredMessages,
  type T,
} from "#modules/shared/i18n.ts";

type I18n = { locale: Locale; t: T; href: (path: string) => string; messages: Messages };

const I18nContext = createContext<I18n | null>(null);

/**
 * The words of a reference: at hand on the server and, after entry.client loaded the page's sets, at
 * hydration; a set first met in a navigation suspends the render until it is loaded (the navigation's
 * transition keeps the current screen meanwhile).
 */
export function useMessages(ref: MessageRef): Messages {
  return registeredMessages(ref) ?? use(loadMessages(ref.href));
}

/** The root's provider: the locale and the words every page uses. */
export function I18nProvider({
  locale,
  messages,
  children,
}: {
  locale: Locale;
  messages: MessageRef;
  children: ReactNode;
}) {
  return (
    <Provider locale={locale} messages={useMessages(messages)}>
      {children}
    </Provider>
  );
}

function Provider({ locale, messages, children }: { locale: Locale; messages: Messages; children: ReactNode }) {
  const value = useMemo<I18n>(
    () => ({ locale, messages, t: createT(locale, messages), href: (path: string) => localePath(locale, path) }),
    [locale, messages],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/**
 * Adds the messages of a namespace that only some pages need (their loader sends them), so the root
 * does not ship them with every page.
 */
export function MoreMessages({ messages, children }: { messages: MessageRef; children: ReactNode }) {
  const outer = useI18n();
  const own = useMessages(messages);
  const merged = useMemo(() => ({ ...outer.messages, ...own }), [outer.messages, own]);
  return (
    <Provider locale={outer.locale} messages={merged}>
      {children}
    </Provider>
  );
}

/** A route's page with the words its loader names (`messages`) added around it: `export default withMessages(Page)`. */
export function withMessages<P extends { loaderData: { messages: MessageRef } }>(Page: ComponentType<P>) {
  return function WithMessages(props: P) {
    return (
      <MoreMessages messages={props.loaderData.messages}>
        <Page {...props} />
      </MoreMessages>
    );
  };
}

export function useI18n(): I18n {
  const v = useContext(I18nContext);
  if (!v) throw new Error("useI18n outside I18nProvider");
  return v;
}
