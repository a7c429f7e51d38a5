"use client";

import { useEffect, useState } from "react";
import { Link } from "@/components/link";
import { Gift } from "lucide-react";
import { Modal } from "@/components/ui/modal";
import { Button } from "@/components/ui/button";
import { markWelcomeModalShown } from "@/web/actions/account";
import { pushDataLayer } from "@/web/client/data-layer";

export type Welcome = {
  userId: string;
  method: string;
  confirmedAt: string;
  emailSha256: string;
  designHref: string;
  /** Translated on the server (the text names the free tokens with the right plural form). */
  labels: { title: string; text: string; close: string; cta: string };
};

/** The free-tokens welcome: shown once per account (the server remembers), with the sign-up analytics event. */
export function WelcomeModal({ welcome }: { welcome: Welcome | null }) {
  // Latched: once shown, the server stops offering it (it is recorded as shown), but it stays on screen
  // through the navigation from /confirm onwards until the user closes it.
  const [props, setProps] = useState<Welcome | null>(welcome);
  if (welcome && !props) setProps(welcome);
  const [open, setOpen] = useState(true);
  if (!props) return null;
  return <WelcomeDialog {...props} open={open} onClose={() => setOpen(false)} />;
}

function WelcomeDialog(props: Welcome & { open: boolean; onClose: () => void }) {
  const t = props.labels;

  // Recorded as shown the moment it appears, so it never appears again, on any device, even if the
  // user leaves without closing it; the sign-up event goes out at the same moment, once.
  useEffect(() => {
    pushDataLayer({ event: "sign_up", method: props.method, user_id: props.userId, user_email_sha256: props.emailSha256, email_confirmed_at: props.confirmedAt });
    void markWelcomeModalShown();
  }, [props.method, props.userId, props.emailSha256, props.confirmedAt]);

  const close = props.onClose;

  return (
    <Modal
      open={props.open}
      onOpenChange={(next) => (next ? undefined : close())}
      title={t.title}
      description={t.text}
      footer={
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" color="gray" onClick={close}>
            {t.close}
          </Button>
          <Button asChild>
            <Link href={props.designHref} onClick={close}>
              {t.cta}
            </Link>
          </Button>
        </div>
      }
    >
      <div className="flex justify-center py-2">
        <Gift aria-hidden="true" className="size-14 text-primary-600 dark:text-primary-400" />
      </div>
    </Modal>
  );
}
