import { Link } from '@tanstack/react-router';
import { RoleGate } from '../../components/RoleGate';
import { QrDesigner } from './QrDesigner';

export default function NewQrPage() {
  return (
    <RoleGate operation="addQr" doing="making QR codes" title="New QR code">
      <main id="main">
        <p className="crumbs">
          <Link to="/qr">QR codes</Link> /
        </p>
        <h1 tabIndex={-1}>New QR code</h1>
        <QrDesigner />
      </main>
    </RoleGate>
  );
}
