//! TLS for `https://` and `wss://`: the certificate and key files
//! ([`Tls`]) and the rustls acceptor made of them.

use std::path::PathBuf;
use std::sync::Arc;

use tokio_rustls::TlsAcceptor;

use crate::server::ServeError;

/// The files of a TLS server: its certificate chain and private key.
#[derive(Debug, Clone)]
pub struct Tls {
    /// PEM: the server's certificate first, then any intermediates.
    pub cert: PathBuf,
    /// PEM: the private key (PKCS#8, PKCS#1 or SEC1).
    pub key: PathBuf,
}

impl Tls {
    /// The acceptor for these files (HTTP/1.1 only, rustls with *ring*).
    ///
    /// # Errors
    /// A file cannot be read, holds no certificate or key, or the key does
    /// not fit the certificate.
    pub fn acceptor(&self) -> Result<TlsAcceptor, ServeError> {
        use tokio_rustls::rustls::pki_types::pem::PemObject as _;
        use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer};
        use tokio_rustls::rustls::ServerConfig;
        let cert_err = |e: &dyn std::fmt::Display| {
            ServeError::Tls(format!("--tls-cert {}: {e}", self.cert.display()))
        };
        let certs = CertificateDer::pem_file_iter(&self.cert)
            .map_err(|e| cert_err(&e))?
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| cert_err(&e))?;
        if certs.is_empty() {
            return Err(cert_err(&"no certificate in the file"));
        }
        let key = PrivateKeyDer::from_pem_file(&self.key)
            .map_err(|e| ServeError::Tls(format!("--tls-key {}: {e}", self.key.display())))?;
        let provider = Arc::new(tokio_rustls::rustls::crypto::ring::default_provider());
        let mut config = ServerConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .map_err(|e| ServeError::Tls(e.to_string()))?
            .with_no_client_auth()
            .with_single_cert(certs, key)
            .map_err(|e| ServeError::Tls(e.to_string()))?;
        config.alpn_protocols = vec![b"http/1.1".to_vec()];
        Ok(TlsAcceptor::from(Arc::new(config)))
    }
}
