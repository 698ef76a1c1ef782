/** The order page's customer card: who, how to reach them, where, and what they asked. */
import type { Language } from "../../../../domain/i18n/language";
import { CustomerLanguage } from "../../admin/customer-language";

export interface OrderCustomerFields {
  language: Language;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  visit_window_label: string;
  special_instructions: string | null;
}

export function OrderCustomer({ order }: { order: OrderCustomerFields }) {
  return (
    <section aria-labelledby="customer-title" className="card">
      <h2 id="customer-title" className="mb-3 text-xl font-semibold">
        Customer
      </h2>
      <CustomerLanguage language={order.language} />
      <dl className="space-y-2 text-sm">
        <div>
          <dt className="font-medium">Name</dt>
          <dd>{order.customer_name}</dd>
        </div>
        <div>
          <dt className="font-medium">Email</dt>
          <dd className="break-all">
            <a href={`mailto:${order.customer_email}`} className="text-primary underline">
              {order.customer_email}
            </a>
          </dd>
        </div>
        <div>
          <dt className="font-medium">Phone</dt>
          <dd>
            <a
              href={`tel:${order.customer_phone.replace(/[^\d+]/g, "")}`}
              className="text-primary underline"
            >
              {order.customer_phone}
            </a>
          </dd>
        </div>
        <div>
          <dt className="font-medium">Installation address</dt>
          <dd>
            {order.address}
            <br />
            {order.city}, {order.state} {order.zip_code}
          </dd>
        </div>
        <div>
          <dt className="font-medium">Measurement visit</dt>
          <dd>{order.visit_window_label}</dd>
        </div>
        <div>
          <dt className="font-medium">Special instructions</dt>
          <dd className="whitespace-pre-line break-words">
            {order.special_instructions || "None"}
          </dd>
        </div>
      </dl>
    </section>
  );
}
