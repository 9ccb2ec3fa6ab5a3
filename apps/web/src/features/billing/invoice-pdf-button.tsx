import { Download } from 'lucide-react';
import { useState } from 'react';
import { invoiceTitle } from '@urbana/shared';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../lib/toast.ts';
import { downloadInvoicePdf } from './api.ts';

/** "PDF" of an invoice: the file is saved as `fatura-{número}.pdf`; the server checks it is the user's. */
export function InvoicePdfButton({
  invoice,
  label = 'PDF',
}: {
  invoice: { id: string; number: string | null; order_code: string };
  label?: string;
}) {
  const [downloading, setDownloading] = useState(false);
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={downloading}
      aria-label={`Baixar PDF: ${invoiceTitle(invoice.number, invoice.order_code)}`}
      onClick={async () => {
        setDownloading(true);
        try {
          await downloadInvoicePdf(invoice);
        } catch (e) {
          toast.error('Não foi possível baixar', e instanceof Error ? e.message : undefined);
        } finally {
          setDownloading(false);
        }
      }}
    >
      <Download className="h-4 w-4" aria-hidden="true" />
      {label}
    </Button>
  );
}
