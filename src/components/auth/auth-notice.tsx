import type { Ref } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import type { Notice, ResendLabel } from "./use-auth-requests";

const looks = {
  error: "rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200",
  success: "rounded-lg border border-green-300 bg-green-50 p-3 text-sm text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-200",
};

/**
 * The panel's error and success messages. Both regions stay in the panel while empty: a live region that
 * appears together with its text is not announced by every screen reader. Empty, they take no room
 * (empty:mb-0 undoes the panel's spacing).
 */
export function AuthNotice(props: { notice: Notice | null; noticeRef: Ref<HTMLDivElement>; resendLabel: ResendLabel | null; pending: boolean; onResend: () => void }) {
  const t = useTranslations("auth");
  const { notice } = props;
  const content = (kind: Notice["kind"]) =>
    notice?.kind === kind ? (
      <div ref={props.noticeRef} tabIndex={-1} className={looks[kind]}>
        <p>{t(notice.key, notice.values)}</p>
        {props.resendLabel ? (
          <Button className="mt-2" size="xs" variant="outline" color="gray" onClick={props.onResend} loading={props.pending}>
            {t(props.resendLabel)}
          </Button>
        ) : null}
      </div>
    ) : null;
  return (
    <>
      <div role="alert" className="empty:mb-0">
        {content("error")}
      </div>
      <div role="status" className="empty:mb-0">
        {content("success")}
      </div>
    </>
  );
}
