# Source: github.com/silvio/docker-languagetool, readme.md at commit 8ed827679590bb366675b7b5bd29bf49a923a7c5 (the "Run with no minimum rights and RAM" block)
docker run --name languagetool \
                        --cap-drop=ALL \
                        --user=65534:65534 \
                        --read-only \
                        --mount type=bind,src=/tmp/languagetool/tmp,dst=/tmp \
                        -p 127.0.0.1:8010:8010 \
                        --memory 412m --memory-swap 200m \
                        -e EXTRAOPTIONS="-Xmx382M" \
                        silviof/docker-languagetool:latest
