import { useCallback, useState } from "react";
import { reloadPersonData } from "@/components/account/person-data-store";

/**
 * The person's token balance: it follows GET /api/me (on arrival and after each reload), and Generate's
 * answer in between; null until the first answer.
 */
export function useTokenBalance(personBalance: number | null) {
  const [balance, setBalance] = useState<number | null>(null);
  const [seenBalance, setSeenBalance] = useState<number | null>(null);
  if (personBalance !== seenBalance) {
    setSeenBalance(personBalance);
    if (personBalance !== null) setBalance(personBalance);
  }
  // A failed style's token comes back: show it at once, and let the header's count follow.
  const onRefund = useCallback(() => {
    setBalance((current) => (current === null ? null : current + 1));
    void reloadPersonData();
  }, []);
  return { balance, setBalance, onRefund };
}
