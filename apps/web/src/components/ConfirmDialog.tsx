import { useEffect, useRef, useState, type ReactNode } from 'react';

/** A modal question (the native <dialog>: focus kept inside, Escape cancels). */
export function ConfirmDialog({
  open,
  title,
  children,
  confirm,
  onConfirm,
  onCancel,
  danger,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirm: string;
  onConfirm: () => void;
  onCancel: () => void;
  danger?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} aria-labelledby="dialog-title" onCancel={onCancel} onClose={() => open && onCancel()}>
      <h2 id="dialog-title">{title}</h2>
      {children}
      <div className="actions">
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className={danger ? 'danger' : undefined} onClick={onConfirm}>
          {confirm}
        </button>
      </div>
    </dialog>
  );
}

/**
 * A button that asks first: it opens a confirmation, and does its deed once confirmed (deleting a
 * record, most often). The button's own word leads its name (`label`), the confirmation says the rest.
 */
export function ConfirmButton({
  label,
  title,
  confirm = label,
  onConfirm,
  children,
}: {
  label: string;
  title: string;
  confirm?: string;
  onConfirm: () => void;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="danger" onClick={() => setOpen(true)}>
        {label}
      </button>
      <ConfirmDialog
        open={open}
        title={title}
        confirm={confirm}
        danger
        onCancel={() => setOpen(false)}
        onConfirm={() => {
          setOpen(false);
          onConfirm();
        }}
      >
        {children}
      </ConfirmDialog>
    </>
  );
}
