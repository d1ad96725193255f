'use client';
import { AlertDialog as AlertPrimitive, Dialog as DialogPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from './button';
import { cn } from './cn';

const overlayClasses = 'fixed inset-0 z-40 bg-slate-900/40';
const contentClasses =
  'fixed left-1/2 top-1/2 z-50 max-h-[85vh] w-[min(40rem,92vw)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border border-slate-200 bg-white p-5 shadow-xl';

/** What both dialogs show: a title that names them, a description, and their content. */
interface DialogContentProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

export const Dialog = DialogPrimitive.Root;
export const DialogClose = DialogPrimitive.Close;

/** A modal dialog named by its title (focus is trapped and returns to the opener on close). */
export function DialogContent({
  title,
  description,
  children,
  className,
  onCloseAutoFocus,
}: DialogContentProps & {
  className?: string;
  /** Where focus goes on closing; by default back to what opened the dialog. */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlayClasses} />
      <DialogPrimitive.Content
        className={cn(contentClasses, className)}
        onCloseAutoFocus={onCloseAutoFocus}
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <DialogPrimitive.Title className="mb-2 text-lg font-semibold">{title}</DialogPrimitive.Title>
        {description ? (
          <DialogPrimitive.Description className="mb-3 text-sm text-slate-600">
            {description}
          </DialogPrimitive.Description>
        ) : null}
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export const AlertDialog = AlertPrimitive.Root;
export const AlertDialogCancel = AlertPrimitive.Cancel;
export const AlertDialogAction = AlertPrimitive.Action;

/** An alert dialog (role=alertdialog): a decision the person must take before going on. */
export function AlertDialogContent({ title, description, children }: Required<DialogContentProps>) {
  return (
    <AlertPrimitive.Portal>
      <AlertPrimitive.Overlay className={overlayClasses} />
      <AlertPrimitive.Content className={contentClasses}>
        <AlertPrimitive.Title className="mb-2 text-lg font-semibold">{title}</AlertPrimitive.Title>
        <AlertPrimitive.Description asChild>
          <div className="mb-3 text-sm text-slate-700">{description}</div>
        </AlertPrimitive.Description>
        {children}
      </AlertPrimitive.Content>
    </AlertPrimitive.Portal>
  );
}

/** What a dialog's row of buttons takes: the button that dismisses it, then the rest. */
interface FooterProps {
  /** The dismissing button's name. */
  dismiss?: string;
  dismissVariant?: ButtonProps['variant'];
  className?: string;
  children?: ReactNode;
}

function ButtonRow({
  Dismisser,
  dismiss = 'Cancel',
  dismissVariant,
  className,
  children,
}: FooterProps & { Dismisser: typeof DialogClose | typeof AlertDialogCancel }) {
  return (
    <div className={cn('flex justify-end gap-2', className)}>
      <Dismisser asChild>
        <Button variant={dismissVariant}>{dismiss}</Button>
      </Dismisser>
      {children}
    </div>
  );
}

/** A dialog's buttons at its end: one that closes it (Cancel unless named otherwise), then the others. */
export function DialogFooter(props: FooterProps) {
  return <ButtonRow Dismisser={DialogClose} {...props} />;
}

/** An alert dialog's buttons at its end: one that cancels (Cancel unless named otherwise), then the decision. */
export function AlertDialogFooter(props: FooterProps) {
  return <ButtonRow Dismisser={AlertDialogCancel} {...props} />;
}
