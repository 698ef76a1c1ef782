/**
 * The customer's name, contact and address as orders, quotes, bookings and estimate requests
 * keep them: one list of fields, one mapping each way between the page's names and the columns.
 */
import type { CustomerContactColumns } from "./types";

export interface CustomerContact {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  zipCode: string;
}

/** The contact held by a row of orders, quotes, bookings or estimate_requests. */
export function contactFromRow(row: CustomerContactColumns): CustomerContact {
  return {
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    city: row.city,
    zipCode: row.zip_code,
  };
}

/** The columns that store a contact (only these, whatever else `contact` carries). */
export function contactColumns(contact: CustomerContact): CustomerContactColumns {
  return {
    first_name: contact.firstName,
    last_name: contact.lastName,
    email: contact.email,
    phone: contact.phone,
    address: contact.address,
    city: contact.city,
    zip_code: contact.zipCode,
  };
}
