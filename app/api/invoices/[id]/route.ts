import { isLocale } from "@/config/routes";
import { getInvoiceFile } from "@/server/invoices/get-invoice-file";
import { fileBody, otherMethods, userRoute } from "@/web/server/api-route";

export const dynamic = "force-dynamic";

/** One of the person's invoices (or of a team they own): `?format=xml` its FA(3) XML, else a PDF in `?locale=` (pl, en). */
export const GET = userRoute({ visitor: "NOT_FOUND", context: "invoices.download" }, async ({ request, user, params }) => {
  const query = new URL(request.url).searchParams;
  const locale = query.get("locale");
  const file = await getInvoiceFile({ userId: user.id, invoiceId: params.id!, format: query.get("format") === "xml" ? "xml" : "pdf", locale: isLocale(locale) ? locale : "pl" });
  return new Response(fileBody(file.data), {
    headers: {
      "content-type": file.contentType,
      "content-length": String(file.data.length),
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
      "content-disposition": `attachment; filename="${file.fileName}"`,
    },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
