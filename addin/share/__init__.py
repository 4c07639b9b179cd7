"""bianpai share: the publication, its drawn images and its page."""
