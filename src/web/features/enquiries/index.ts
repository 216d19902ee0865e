/* What other parts of the site use of enquiries: the Contact page's form and the guest's quote page. */
export { EnquiryForm } from './enquiry-form.tsx';
export { QuotePage } from './quote-page.tsx';
