import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useFetcher, useLocation, useRouteLoaderData } from "react-router";
import type { RootData } from "#app/root.tsx";
import type { FavoriteIdsAnswer } from "#app/routes/actions/answers.ts";
import { useI18n } from "../i18n.tsx";

/** The guests' log-in dialog: fetched on the first heart a guest presses. */
const LoginDialog = lazy(() => import("./login-dialog.tsx").then((m) => ({ default: m.LoginDialog })));

type FavoritesApi = {
  signedIn: boolean;
  /** Known state of a template: true, false, or undefined while it is being asked. */
  state(templateId: number): boolean | undefined;
  /** Asks the server about templates on screen (batched); guests ask nothing. */
  watch(templateId: number): void;
  set(templateId: number, favorite: boolean): void;
  /** A heart was pressed on this page: from now on only its own answers set it. */
  press(templateId: number): void;
  /** The log-in dialog a guest gets on clicking a heart (SPEC §4). */
  askToLogIn(): void;
};

const Ctx = createContext<FavoritesApi | null>(null);

/** The ids of the page's two favourite forms (see FavoritesProvider). */
export const FAVORITE_FORMS = { add: "favorite-add", remove: "favorite-remove" } as const;

export function useFavorites(): FavoritesApi | null {
  return useContext(Ctx);
}

/**
 * Favourite state for every heart on the page: one request per batch of cards for a signed-in
 * visitor (the favourites route's loader, through a fetcher: a batch at a time), one shared log-in
 * dialog for guests. Anonymous pages stay cacheable: the state comes later.
 */
export function FavoritesProvider({ children }: { children: ReactNode }) {
  const signedIn = Boolean(useRouteLoaderData<RootData>("root")?.viewer);
  const location = useLocation();
  const { href } = useI18n();
  const action = href("/favorites");
  const ids = useFetcher<FavoriteIdsAnswer>();
  const { load } = ids;
  /** The batch the fetcher is asking about; the next waits for its answer. */
  const asking = useRef<number[] | null>(null);
  /**
   * Hearts pressed on this page: what the press made of them (its own answer) is newer than any batch's
   * answer, which may have been read before the press was saved and must not turn the heart back.
   */
  const pressed = useRef(new Set<number>());
  const [known, setKnown] = useState<Map<number, boolean>>(() => new Map());
  const [dialog, setDialog] = useState(false);
  const pending = useRef(new Set<number>());
  const asked = useRef(new Set<number>());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Each page asks afresh (another tab may have changed a heart); known states show meanwhile.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation on purpose
  useEffect(() => {
    asked.current.clear();
    pressed.current.clear();
  }, [location.key]);

  // Signing in or out starts over.
  const was = useRef(signedIn);
  useEffect(() => {
    if (was.current === signedIn) return;
    was.current = signedIn;
    asked.current.clear();
    setKnown(new Map());
  }, [signedIn]);

  const flush = useCallback(() => {
    if (asking.current) return;
    const batch = [...pending.current].slice(0, 100);
    if (!batch.length) return;
    for (const id of batch) pending.current.delete(id);
    asking.current = batch;
    void load(`${action}?ids=${batch.join(",")}`);
  }, [load, action]);

  // A batch answered: its states are known (or asked again later when it failed); then the next batch.
  useEffect(() => {
    const sent = asking.current;
    if (ids.state !== "idle" || !sent) return;
    asking.current = null;
    const answer = ids.data;
    const batch = sent.filter((id) => !pressed.current.has(id));
    if (answer?.ok) {
      const yes = new Set(answer.ids);
      setKnown((m) => {
        const next = new Map(m);
        for (const id of batch) next.set(id, yes.has(id));
        return next;
      });
    } else {
      console.warn("favourite state not loaded", answer);
      for (const id of batch) asked.current.delete(id);
    }
    flush();
  }, [ids.state, ids.data, flush]);

  const api = useMemo<FavoritesApi>(
    () => ({
      signedIn,
      state: (id) => (signedIn ? known.get(id) : false),
      watch(id) {
        if (!signedIn || asked.current.has(id)) return;
        asked.current.add(id);
        pending.current.add(id);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => void flush(), 30);
      },
      set(id, favorite) {
        setKnown((m) => new Map(m).set(id, favorite));
      },
      press(id) {
        pressed.current.add(id);
      },
      askToLogIn: () => setDialog(true),
    }),
    [signedIn, known, flush],
  );

  return (
    <Ctx.Provider value={api}>
      {children}
      {/* Every heart on the page submits one of these two forms (without scripts): its button names the template. */}
      <form id={FAVORITE_FORMS.add} method="post" action={action} hidden>
        <input type="hidden" name="favorite" value="true" />
      </form>
      <form id={FAVORITE_FORMS.remove} method="post" action={action} hidden>
        <input type="hidden" name="favorite" value="false" />
      </form>
      {dialog ? (
        <Suspense fallback={null}>
          <LoginDialog back={`${location.pathname}${location.search}`} onClose={() => setDialog(false)} />
        </Suspense>
      ) : null}
    </Ctx.Provider>
  );
}
